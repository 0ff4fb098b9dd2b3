/**
 * The People page's swatches: the Okabe–Ito palette, told apart with the common kinds of colour
 * blindness and visible on the light and the dark theme (each dot also has an outline). A colour
 * is never the only cue: the name is always beside it.
 */
export const PALETTE = [
  { label: 'colours.orange', value: '#e69f00' },
  { label: 'colours.sky', value: '#56b4e9' },
  { label: 'colours.green', value: '#009e73' },
  { label: 'colours.blue', value: '#0072b2' },
  { label: 'colours.vermilion', value: '#d55e00' },
  { label: 'colours.purple', value: '#cc79a7' },
] as const;
