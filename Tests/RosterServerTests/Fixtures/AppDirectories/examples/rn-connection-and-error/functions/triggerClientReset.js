exports = async function () {
  return { requested: true };
};
