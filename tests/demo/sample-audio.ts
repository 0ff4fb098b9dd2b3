/**
 * A short recording made in code, so the demo needs no audio tool and ships no binary file: a
 * 16 kHz mono 16-bit WAV of a few soft notes with pauses between them, which the fake service
 * transcribes like any other upload.
 */
export function sampleWav(seconds = 8): Uint8Array {
  const rate = 16_000;
  const samples = rate * seconds;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => [...value].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  const notes = [392, 440, 494, 523, 587, 659];
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const beat = Math.floor(t / 0.75);
    const within = t - beat * 0.75;
    // Half a second of note, a quarter of silence: the pauses a splitter would cut at.
    const envelope = within < 0.5 ? Math.sin((Math.PI * within) / 0.5) : 0;
    const value = envelope * 0.3 * Math.sin(2 * Math.PI * notes[beat % notes.length]! * t);
    view.setInt16(44 + i * 2, Math.round(value * 32767), true);
  }
  return bytes;
}
