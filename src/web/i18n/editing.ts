// The texts of the pages that write a knowledge base: the editor, moves, deleting, the trash, in English and Japanese (key for key).
export const editingEn = {
};

export const editingJa: typeof editingEn = {
};
