exports = async function ({ user }) {
  const stores = await context.functions.execute('getAllStores');
  const storeId = stores.length > 0 ? stores[0]._id : await context.functions.execute('createNewStore');
  await context.services.get('mongodb-atlas').db('StoreDemo').collection('Users').updateOne({ userId: user.id }, { $set: { userId: user.id, storeId } }, { upsert: true });
  return storeId;
};
