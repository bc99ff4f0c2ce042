// Spec 5's visibility rule for rows already in memory (the mock backend); visibility.ts is the SQL form.

export const categoryShown = (category: { isBanned: boolean }) => !category.isBanned

/** Neither the instrument nor its category banned. */
export const instrumentShown = (instrument: {
  isBanned: boolean
  category: { isBanned: boolean }
}) => !instrument.isBanned && categoryShown(instrument.category)
