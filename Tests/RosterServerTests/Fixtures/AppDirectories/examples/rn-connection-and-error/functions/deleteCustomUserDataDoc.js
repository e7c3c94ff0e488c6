// When a user is deleted, their custom data goes with them.
exports = async function ({ user }) {
  const users = context.services.get("mongodb-atlas").db("StoreDemo").collection("Users");
  try {
    return await users.deleteOne({ userId: user.id });
  } catch (error) {
    console.error("could not delete the custom data of a deleted user:", error.message);
  }
};
