exports = function ({ user }) {
  return context.services.get('mongodb-atlas').db('StoreDemo').collection('Users').deleteOne({ userId: user.id });
};
