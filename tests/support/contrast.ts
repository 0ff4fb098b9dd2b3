import type { Locator } from 'playwright-core';

/**
 * WCAG 2 contrast of every piece of visible text under `root` (text nodes and the values of
 * form fields) against the background it sits on (the nearest ancestor with an opaque
 * background colour): 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Disabled
 * controls are exempt, as WCAG says. Answers the failures, described, for an expect().
 */
// Plain JavaScript in a string, run as the body of a function of `element`: a function
// compiled by tsx could carry helpers (__name) the page lacks.
const CHECK = String.raw`
    const parse = (color) => {
      const match = /rgba?\(([\d.]+)[, ]+([\d.]+)[, ]+([\d.]+)(?:[, /]+([\d.]+))?\)/.exec(color);
      return match ? { rgb: [Number(match[1]), Number(match[2]), Number(match[3])], alpha: match[4] === undefined ? 1 : Number(match[4]) } : null;
    };
    const luminance = ([r, g, b]) => {
      const linear = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const background = (from) => {
      for (let node = from; node; node = node.parentElement) {
        const color = parse(getComputedStyle(node).backgroundColor);
        if (color && color.alpha > 0.5) return color.rgb;
      }
      return [255, 255, 255];
    };
    const problems = [];
    const check = (holder, text) => {
      const style = getComputedStyle(holder);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return;
      if (holder.closest(':disabled, [aria-disabled="true"]')) return;
      const rect = holder.getBoundingClientRect();
      if (!rect.width || !rect.height) return;
      const fg = parse(style.color);
      if (!fg) return;
      const bg = background(holder);
      const [light, dark] = [luminance(fg.rgb), luminance(bg)].sort((a, b) => b - a);
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) problems.push('"' + text.trim().slice(0, 40) + '" ' + ratio.toFixed(2) + ':1 (' + style.color + ' on rgb(' + bg.join(', ') + '))');
    };
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent.trim() && node.parentElement && !node.parentElement.closest('option, script, style')) check(node.parentElement, node.textContent);
    }
    for (const field of element.querySelectorAll('input[type="text"], textarea, select')) {
      if (field.value) check(field, field instanceof HTMLSelectElement ? (field.selectedOptions[0] ? field.selectedOptions[0].text : '') : field.value);
    }
    return problems;`;

export async function contrastProblems(root: Locator): Promise<string[]> {
  await root.evaluate((element) => element.setAttribute('data-contrast-root', ''));
  try {
    return (await root.page().evaluate(`(() => { const element = document.querySelector('[data-contrast-root]'); ${CHECK} })()`)) as string[];
  } finally {
    await root.evaluate((element) => element.removeAttribute('data-contrast-root'));
  }
}
