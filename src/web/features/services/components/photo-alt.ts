/** A listing photo's text alternative: its title, and which photo it is when there are several. */
export const photoAlt = (title: string, index: number, count: number) => (count > 1 ? `${title}, photo ${index + 1} of ${count}` : title);
