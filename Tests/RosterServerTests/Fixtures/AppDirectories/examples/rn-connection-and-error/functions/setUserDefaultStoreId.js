// A new user's custom data: their user id and the store they start in (the first store there
// is, made when there is none yet).
exports = async function (user) {
  const storeDemo = context.services.get("mongodb-atlas").db("StoreDemo");
  let store = await storeDemo.collection("Store").findOne({});
  if (!store) {
    store = await context.functions.execute("createNewStore");
  }
  await storeDemo.collection("Users").updateOne(
    { userId: user.id },
    { $set: { userId: user.id, storeId: store._id } },
    { upsert: true }
  );
};
