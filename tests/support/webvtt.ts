import type { Page } from 'playwright-core';

/** Cues as Chromium's own WebVTT parser reads them, through a <track>, as a player would. */
export function chromiumCues(page: Page, vtt: string) {
  return page.evaluate(async (text) => {
    const media = document.createElement('audio');
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
    media.append(track);
    document.body.append(media);
    track.track.mode = 'hidden';
    await new Promise((resolve, reject) => {
      track.addEventListener('load', resolve);
      track.addEventListener('error', () => reject(new Error('Chromium could not load the WebVTT file')));
    });
    const cues = [...(track.track.cues ?? [])].map((cue) => {
      const fragment = (cue as VTTCue).getCueAsHTML();
      const voice = fragment.firstChild instanceof HTMLElement && fragment.firstChild.tagName === 'SPAN' ? fragment.firstChild.title : null;
      return { start: cue.startTime, end: cue.endTime, text: fragment.textContent ?? '', voice };
    });
    media.remove();
    return cues;
  }, vtt);
}
