exports = function () {
  return context.services.get('mongodb-atlas').db('StoreDemo').collection('Store').find({}).toArray();
};
