/** Spec §4: the light theme is forced at start-up, whatever an older version of the shop stored. */
export function forceLightTheme(root: HTMLElement = document.documentElement): void {
  root.classList.remove('dark');
  root.classList.add('light');
  root.style.colorScheme = 'light';
}
