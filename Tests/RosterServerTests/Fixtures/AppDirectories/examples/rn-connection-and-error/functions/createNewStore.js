exports = async function () {
  const store = await context.services.get('mongodb-atlas').db('StoreDemo').collection('Store').insertOne({ name: 'Store ' + Date.now(), kiosks: [] });
  await context.services.get('mongodb-atlas').db('StoreDemo').collection('Kiosk').insertOne({ storeId: store.insertedId, products: [] });
  return store.insertedId;
};
