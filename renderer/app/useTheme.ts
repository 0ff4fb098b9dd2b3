import { useEffect } from 'react';
import { useSettings } from '../settings';

/** Puts the chosen theme on <html>; "system" leaves it to prefers-color-scheme in the CSS. */
export function useTheme() {
  const theme = useSettings((state) => state.settings?.theme ?? 'system');
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
}
