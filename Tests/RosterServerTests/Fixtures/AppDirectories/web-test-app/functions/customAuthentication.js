exports = async function ({ username }) {
  if (!username) throw new Error("a username is needed");
  return username;
};
