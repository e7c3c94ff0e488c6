// Logs in whoever knows the app's word: each username has one document in app.users, made at
// its first log-in, whose id is the user's id with this provider.
exports = async function (payload) {
  const users = context.services.get("local-mongodb").db("app").collection("users");
  const { username, secret } = payload;
  if (secret !== "v3ry-s3cret") {
    throw new Error("Ah ah ah, you didn't say the magic word");
  }
  const known = await users.findOne({ username });
  if (known) {
    return known._id.toString();
  }
  const made = await users.insertOne({ username });
  return made.insertedId.toString();
};
