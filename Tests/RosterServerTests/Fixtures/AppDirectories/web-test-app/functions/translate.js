// Translates one word between English and French, in the direction `languages` names.
exports = function (sentence, languages) {
  if (languages === "fr_en") {
    return sentence === "bonjour" ? "hello" : "what?";
  }
  if (languages === "en_fr") {
    return sentence === "hello" ? "bonjour" : "que?";
  }
  throw new Error("Watch your language!");
};
