// docs/product.md §5: shoppers see an instrument while neither it nor its category is banned.
// These are the rule for rows in memory (the mock backend); server/catalogue/visibility.ts holds
// the same rule as SQL for the database's queries.

export const categoryShown = (category: { isBanned: boolean }) => !category.isBanned

export const instrumentShown = (instrument: {
  isBanned: boolean
  category: { isBanned: boolean }
}) => !instrument.isBanned && categoryShown(instrument.category)
