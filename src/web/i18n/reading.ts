// The texts of the pages that read a knowledge base: the list of bases, its tree, a page, a search, in English and Japanese (key for key).
export const readingEn = {
};

export const readingJa: typeof readingEn = {
};
