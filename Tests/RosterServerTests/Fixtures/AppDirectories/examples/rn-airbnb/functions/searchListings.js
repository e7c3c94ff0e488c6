exports = async function ({ searchPhrase, pageNumber, pageSize }) {
  const listings = context.services.get('mongodb-atlas').db('sample_airbnb').collection('listingsAndReviews');
  const skip = (pageNumber - 1) * pageSize;
  try {
    const found = await listings.aggregate([
      { $search: { index: 'listings', text: { query: searchPhrase, path: { wildcard: '*' } } } },
      { $skip: skip },
      { $limit: pageSize },
    ]).toArray();
    return { result: found };
  } catch (err) {
    return { error: err.message };
  }
};
