import { describe, expect, it } from 'vitest';
import { displayMediaAnswer, permissionChecked, permissionGranted } from '../../../electron/shell/media-access';

// Who may capture audio: the app's own top frame, only while a recording the user started runs, audio only.
const mainFrame = { url: 'app://confab/index.html' } as never;
const webContents = { mainFrame };
let recording = false;
let withSystem = true;
let dictating = false;
// As core.ts answers: the microphone may open while a recording runs or a dictation take listens;
// system audio only while a recording the user asked to have it in runs.
const gate = { webContents, systemAudio: () => recording && withSystem, microphone: () => recording || dictating };
const otherContents = { mainFrame: { url: 'app://confab/index.html' } } as never;
const own = { requestingUrl: 'app://confab/index.html', isMainFrame: true };

describe('display media (system audio)', () => {
  const ask = (frame: unknown, audioRequested = true) => displayMediaAnswer(gate, { frame: frame as never, audioRequested });

  it("answers the app's own page with loopback audio and its own frame as the video, while a recording runs", () => {
    recording = true;
    expect(ask(mainFrame)).toEqual({ video: mainFrame, audio: 'loopback' });
  });

  it('denies it when no recording runs, to another frame or page, to a gone frame, and without audio asked', () => {
    recording = false;
    expect(ask(mainFrame)).toBeNull();
    recording = true;
    expect(ask({ url: 'app://confab/index.html' })).toBeNull(); // a subframe or another window
    expect(ask({ url: 'https://evil.example/' })).toBeNull();
    expect(ask(null)).toBeNull();
    expect(ask(mainFrame, false)).toBeNull();
  });
});

describe('the media permission', () => {
  const request = (permission: string, details: object, contents: unknown = webContents) => permissionGranted(gate, contents as never, permission, details);

  it('grants the microphone to the app page only while a recording runs', () => {
    recording = false;
    expect(request('media', { ...own, mediaTypes: ['audio'] })).toBe(false);
    recording = true;
    expect(request('media', { ...own, mediaTypes: ['audio'] })).toBe(true);
    expect(request('display-capture', { ...own, mediaTypes: ['video', 'audio'] })).toBe(true);
  });

  it('refuses system audio to a recording of the microphone alone', () => {
    recording = true;
    withSystem = false;
    expect(request('display-capture', { ...own, mediaTypes: ['video', 'audio'] })).toBe(false);
    expect(displayMediaAnswer(gate, { frame: mainFrame, audioRequested: true })).toBeNull();
    expect(request('media', { ...own, mediaTypes: ['audio'] })).toBe(true);
    withSystem = true;
  });

  it('grants the microphone, not system audio, while a dictation take listens', () => {
    recording = false;
    dictating = true;
    expect(request('media', { ...own, mediaTypes: ['audio'] })).toBe(true);
    expect(request('display-capture', { ...own, mediaTypes: ['video', 'audio'] })).toBe(false);
    expect(displayMediaAnswer(gate, { frame: mainFrame, audioRequested: true })).toBeNull();
    expect(request('media', { ...own, mediaTypes: ['audio'] }, otherContents)).toBe(false);
    dictating = false;
    expect(request('media', { ...own, mediaTypes: ['audio'] })).toBe(false);
  });

  it('refuses a camera, with or without a microphone, and a request naming no type', () => {
    recording = true;
    expect(request('media', { ...own, mediaTypes: ['video'] })).toBe(false);
    expect(request('media', { ...own, mediaTypes: ['audio', 'video'] })).toBe(false);
    expect(request('media', { ...own, mediaTypes: [] })).toBe(false);
    expect(request('media', own)).toBe(false);
  });

  it('refuses other pages, subframes and other contents even while recording', () => {
    recording = true;
    for (const permission of ['media', 'display-capture']) {
      expect(request(permission, { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['audio'] })).toBe(false);
      expect(request(permission, { ...own, isMainFrame: false, mediaTypes: ['audio'] })).toBe(false);
      expect(request(permission, { ...own, mediaTypes: ['audio'] }, otherContents)).toBe(false);
      expect(request(permission, { ...own, mediaTypes: ['audio'] }, null)).toBe(false);
    }
  });

  it('keeps every other permission denied, recording or not, but clipboard writes', () => {
    for (const running of [false, true]) {
      recording = running;
      expect(request('clipboard-sanitized-write', own)).toBe(true);
      for (const permission of ['geolocation', 'notifications', 'openExternal', 'clipboard-read', 'midi', 'hid']) expect(request(permission, { ...own, mediaTypes: ['audio'] })).toBe(false);
    }
  });

  it('answers checks the same way, for audio only', () => {
    const check = (permission: string, details: object, contents: unknown = webContents) => permissionChecked(gate, contents as never, permission, details as never);
    recording = false;
    expect(check('media', { ...own, mediaType: 'audio' })).toBe(false);
    recording = true;
    expect(check('media', { ...own, mediaType: 'audio' })).toBe(true);
    expect(check('media', { ...own, mediaType: 'video' })).toBe(false);
    expect(check('media', { ...own, mediaType: 'unknown' })).toBe(false);
    expect(check('media', { ...own, isMainFrame: false, mediaType: 'audio' })).toBe(false);
    expect(check('media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaType: 'audio' })).toBe(false);
    expect(check('media', { ...own, mediaType: 'audio' }, otherContents)).toBe(false);
    expect(check('clipboard-sanitized-write', own)).toBe(true);
    expect(check('geolocation', own)).toBe(false);
  });
});
