exports = async function ({ user }) {
  const users = context.services.get("mongodb-atlas").db("StoreDemo").collection("Users");
  await users.insertOne({ userId: user.id, storeId: null });
};
