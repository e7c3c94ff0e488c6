exports = async function () {
  const user = context.user;
  const stores = await context.functions.execute('getAllStores');
  const current = (await context.services.get('mongodb-atlas').db('StoreDemo').collection('Users').findOne({ userId: user.id })) ?? {};
  const next = stores.find((store) => String(store._id) !== String(current.storeId));
  const storeId = next ? next._id : await context.functions.execute('createNewStore');
  await context.services.get('mongodb-atlas').db('StoreDemo').collection('Users').updateOne({ userId: user.id }, { $set: { storeId } });
  return storeId;
};
