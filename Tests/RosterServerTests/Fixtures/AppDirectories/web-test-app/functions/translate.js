exports = function (word, language) {
  const words = { hello: { da: "hej", fr: "bonjour" } };
  return (words[word] || {})[language];
};
