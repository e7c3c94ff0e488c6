// The password reset function: it never lets a password be reset.
exports = () => ({ status: "fail" });
