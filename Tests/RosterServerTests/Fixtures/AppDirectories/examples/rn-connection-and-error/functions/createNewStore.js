// Makes an empty store and answers its document.
exports = async function () {
  const stores = context.services.get("mongodb-atlas").db("StoreDemo").collection("Store");
  const made = await stores.insertOne({ kiosks: [] });
  return stores.findOne({ _id: made.insertedId });
};
