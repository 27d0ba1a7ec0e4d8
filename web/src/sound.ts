// The table's sounds, made here with Web Audio (oscillators, filtered noise, envelopes):
// no recording is played. Off until the user turns them on with the toggle in the table's
// header; the choice is kept in localStorage under the user's Discord id. The AudioContext
// is made (or resumed) only in a user's gesture: the toggle's tap, or, when the remembered
// choice is on, the first tap or key on the page. Nothing here throws when the browser has
// no audio: a sound then just does not play.
// <html data-sound="on|off" data-sounds="play:3 turn:2 …">: the state and how many of each
// sound played, for whoever wants to know (the browser tests).
import { el } from "./dom";
import { t } from "./words";

export type SoundName = "turn" | "play" | "pass" | "bomb" | "rocket" | "plane" | "spring"
  | "win" | "lose" | "alarm" | "deal" | "on";

type Wave = OscillatorType;
const storeKey = (user: string) => `ddz.sound.${user}`;

function remembered(user: string): boolean {
  try {
    return !!user && localStorage.getItem(storeKey(user)) === "on";
  } catch {
    return false; // storage refused (a sandboxed frame): off, as for a new user
  }
}

function remember(user: string, on: boolean): void {
  try {
    if (user) localStorage.setItem(storeKey(user), on ? "on" : "off");
  } catch {
    // not kept: the choice lasts while the page is open
  }
}

// the toggle's picture: a speaker with its sound waves, or crossed out
const SPEAKER = `<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>`;
const svg = (rest: string) => `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"
  fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">${SPEAKER}${rest}</svg>`;
const SPEAKER_ON = svg(`<path d="M15.5 9a4 4 0 0 1 0 6M18.5 6a8 8 0 0 1 0 12"/>`);
const SPEAKER_OFF = svg(`<path d="M16 9.5l5 5M21 9.5l-5 5"/>`);

export class Sound {
  private on = false;
  private user = "";
  private ctx: AudioContext | null = null;
  private out: AudioNode | null = null;
  private noiseBuffer: AudioBuffer | null = null;
  private played = new Map<string, number>();

  constructor() {
    this.mark();
    // a remembered "on" needs a gesture before the browser lets it sound
    const wake = () => {
      if (this.on) this.wake();
    };
    for (const kind of ["pointerdown", "pointerup", "touchend", "keydown"]) {
      document.addEventListener(kind, wake, true);
    }
  }

  get enabled(): boolean {
    return this.on;
  }

  /** The signed-in user (the welcome frame's ``user_id``): their remembered choice. */
  setUser(id: string): void {
    this.user = id;
    this.on = remembered(id);
    this.mark();
  }

  /** The header's toggle: one tap turns the sounds on or off. */
  toggle(): HTMLButtonElement {
    const button = el("button", "sound");
    button.type = "button";
    this.show(button);
    button.addEventListener("click", () => {
      this.on = !this.on;
      remember(this.user, this.on);
      if (this.on) {
        this.wake();
        this.play("on");
      }
      this.mark();
      this.show(button);
    });
    return button;
  }

  private show(button: HTMLButtonElement): void {
    const name = t(this.on ? "effects.sound_on" : "effects.sound_off");
    button.setAttribute("aria-pressed", this.on ? "true" : "false");
    button.setAttribute("aria-label", name);
    button.title = name;
    button.innerHTML = this.on ? SPEAKER_ON : SPEAKER_OFF;
  }

  private mark(): void {
    const data = document.documentElement.dataset;
    data.sound = this.on ? "on" : "off";
    data.sounds = [...this.played].map(([name, n]) => `${name}:${n}`).join(" ");
  }

  /** Make or resume the audio context: only ever called in a user's gesture. */
  private wake(): void {
    try {
      if (!this.ctx) {
        const Ctor = window.AudioContext
          ?? (window as unknown as { webkitAudioContext?: typeof AudioContext })
            .webkitAudioContext;
        if (!Ctor) return;
        const ctx = new Ctor();
        const squeeze = ctx.createDynamicsCompressor();
        const volume = ctx.createGain();
        volume.gain.value = 0.6;
        volume.connect(squeeze).connect(ctx.destination);
        this.ctx = ctx;
        this.out = volume;
      }
      if (this.ctx.state === "suspended") void this.ctx.resume().catch(() => undefined);
    } catch {
      this.ctx = null; // no audio here: the sounds stay silent
    }
  }

  /** Play ``name`` after ``delay`` seconds, when the sounds are on and audio is there. */
  play(name: SoundName, delay = 0): void {
    const ctx = this.ctx;
    if (!this.on || !ctx || !this.out || ctx.state === "closed") return;
    try {
      SOUNDS[name](new Voice(ctx, this.out, this.noise(ctx), ctx.currentTime + delay + 0.01));
      this.played.set(name, (this.played.get(name) ?? 0) + 1);
      this.mark();
    } catch {
      // a node the browser would not make: this sound is skipped
    }
  }

  /** A second of white noise, made once. */
  private noise(ctx: AudioContext): AudioBuffer {
    if (!this.noiseBuffer) {
      const buffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      this.noiseBuffer = buffer;
    }
    return this.noiseBuffer;
  }
}

/** What a sound is made of: tones and bursts of filtered noise, each with its envelope,
 * at times (seconds) from the sound's start. */
class Voice {
  constructor(private ctx: AudioContext, private out: AudioNode, private buffer: AudioBuffer,
              private start: number) {}

  /** A short attack, then an exponential fall to silence at ``dur``. */
  private envelope(at: number, dur: number, peak: number): GainNode {
    const gain = this.ctx.createGain();
    const t0 = this.start + at;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(peak, t0 + Math.min(0.012, dur / 4));
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    gain.connect(this.out);
    return gain;
  }

  tone(at: number, dur: number, freq: number, peak: number, wave: Wave = "sine",
       to = freq): this {
    const osc = this.ctx.createOscillator();
    const t0 = this.start + at;
    osc.type = wave;
    osc.frequency.setValueAtTime(freq, t0);
    if (to !== freq) osc.frequency.exponentialRampToValueAtTime(to, t0 + dur);
    osc.connect(this.envelope(at, dur, peak));
    osc.start(t0);
    osc.stop(t0 + dur + 0.02);
    return this;
  }

  noise(at: number, dur: number, peak: number, filter: BiquadFilterType, freq: number,
        to = freq, q = 1): this {
    const source = this.ctx.createBufferSource();
    const shape = this.ctx.createBiquadFilter();
    const t0 = this.start + at;
    source.buffer = this.buffer;
    shape.type = filter;
    shape.Q.value = q;
    shape.frequency.setValueAtTime(freq, t0);
    if (to !== freq) shape.frequency.exponentialRampToValueAtTime(to, t0 + dur);
    source.connect(shape).connect(this.envelope(at, dur, peak));
    source.start(t0, Math.random() * 0.5);
    source.stop(t0 + dur + 0.02);
    return this;
  }
}

// the notes used (Hz): a C major scale's and the A below
const A4 = 440, C5 = 523.25, D5 = 587.33, E5 = 659.25, G5 = 783.99, A5 = 880, C6 = 1046.5;
const G4 = 392, F4 = 349.23, EB4 = 311.13, C4 = 261.63;

const SOUNDS: Record<SoundName, (v: Voice) => unknown> = {
  // the toggle turned on: one soft note
  on: (v) => v.tone(0, 0.12, A5, 0.15),
  // your turn: two rising chimes
  turn: (v) => v.tone(0, 0.16, G5, 0.16).tone(0.1, 0.26, D5 * 2, 0.14),
  // cards laid down: a papery snap over a low knock
  play: (v) => v.noise(0, 0.07, 0.5, "bandpass", 2400, 1400, 0.9).tone(0, 0.06, 190, 0.18,
                                                                        "triangle", 120),
  // 不出: a short falling note
  pass: (v) => v.tone(0, 0.18, 330, 0.13, "triangle", 240),
  // a bomb: a low boom with a rumble of noise closing down
  bomb: (v) => v.noise(0, 0.7, 0.9, "lowpass", 1600, 120, 0.7)
    .tone(0, 0.6, 120, 0.6, "sine", 36).noise(0, 0.05, 0.5, "highpass", 3000),
  // the rocket: a rising whistle and whoosh, then a crack
  rocket: (v) => v.tone(0, 0.5, 220, 0.1, "sawtooth", 1600)
    .noise(0, 0.5, 0.35, "bandpass", 700, 5000, 2).noise(0.48, 0.25, 0.7, "lowpass", 2500, 200)
    .tone(0.48, 0.3, 90, 0.4, "sine", 40),
  // a plane: a whoosh sweeping across over an engine's hum
  plane: (v) => v.noise(0, 0.65, 0.45, "bandpass", 350, 2200, 4)
    .tone(0, 0.6, 110, 0.05, "sawtooth", 150).tone(0, 0.6, 112, 0.05, "sawtooth", 152),
  // 春天: a bright arpeggio up to the octave
  spring: (v) => v.tone(0, 0.2, C5, 0.14, "triangle").tone(0.08, 0.2, E5, 0.14, "triangle")
    .tone(0.16, 0.2, G5, 0.14, "triangle").tone(0.24, 0.45, C6, 0.16, "triangle"),
  // a won deal: a fanfare of rising notes, the last held
  win: (v) => v.tone(0, 0.16, G4, 0.14, "square").tone(0.12, 0.16, C5, 0.12, "square")
    .tone(0.24, 0.16, E5, 0.12, "square").tone(0.36, 0.5, G5, 0.12, "triangle")
    .tone(0.36, 0.5, C5, 0.08, "triangle"),
  // a lost deal: slow falling notes
  lose: (v) => v.tone(0, 0.25, G4, 0.14).tone(0.18, 0.25, F4, 0.14).tone(0.36, 0.25, EB4, 0.14)
    .tone(0.54, 0.5, C4, 0.14),
  // 报单/报双: two quick beeps
  alarm: (v) => v.tone(0, 0.09, A5, 0.07, "square").tone(0.13, 0.09, A5, 0.07, "square")
    .tone(0, 0.09, A4, 0.05, "square"),
  // the deal: cards flicked out one after another
  deal: (v) => {
    for (let i = 0; i < 8; i++) v.noise(i * 0.055, 0.04, 0.35, "bandpass", 3200 - i * 80, 1800, 1.2);
  },
};
