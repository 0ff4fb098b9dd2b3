/**
 * Sizes as Confab words them everywhere, main's limits and the page's progress alike:
 * binary megabytes with one decimal ("25.0 MB"), the unit the service's own limit is given in.
 */
export const MB = 1024 * 1024;

export const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
