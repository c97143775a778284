// The texts of a knowledge base's members and settings pages, in English and Japanese (key for key).
export const membersEn = {
};

export const membersJa: typeof membersEn = {
};
