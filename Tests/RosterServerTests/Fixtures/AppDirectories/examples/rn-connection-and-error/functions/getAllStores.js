// Every store, for the functions that choose one.
exports = async function () {
  return context.services.get("mongodb-atlas").db("StoreDemo").collection("Store").find().toArray();
};
