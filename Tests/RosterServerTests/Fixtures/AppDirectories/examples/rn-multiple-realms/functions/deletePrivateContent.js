exports = function ({ user }) {
  return context.services.get('mongodb-atlas').db('sample_mflix').collection('PrivateContent').deleteMany({ userId: user.id });
};
