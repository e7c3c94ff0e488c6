// Moves the calling user to another store: the second store when they are in the first, else the
// first; a second store is made when there is only one. Runs as the user, under the rules.
exports = async function () {
  const users = context.services.get("mongodb-atlas").db("StoreDemo").collection("Users");
  const mine = await users.findOne({ userId: context.user.id });
  const stores = await context.functions.execute("getAllStores");
  let next = stores[0];
  if (String(mine.storeId) === String(stores[0]._id)) {
    next = stores.length > 1 ? stores[1] : await context.functions.execute("createNewStore");
  }
  await users.updateOne({ userId: context.user.id }, { $set: { storeId: next._id } });
};
