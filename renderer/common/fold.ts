/** Text as searches compare it: case and accents do not matter ("fra" finds "Français"). */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
