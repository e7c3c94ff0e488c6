// For the demo only: forgets the calling user's Device Sync client files, so their next sync
// starts with a client reset.
exports = async function () {
  const files = context.services.get("mongodb-atlas").db(`__realm_sync_${context.app.id}`).collection("clientfiles");
  try {
    return await files.deleteMany({ ownerId: context.user.id });
  } catch (error) {
    console.error("could not delete the client files:", error.message);
  }
};
