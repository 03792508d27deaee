/**
 * alert.js — the level-change alert: the screen flashes and three short beeps sound.
 *
 * The beep is synthesised with WebAudio (an oscillator), so no audio file is shipped. A
 * browser may keep sound off until someone touches the page; the clock then shows a "sound
 * on" button, and the flash alone tells the room. `alerts` counts the alerts given (the
 * browser tests read it through `window.floormanClock`).
 */

const FLASH_MS = 3200;
const BEEPS = [0, 0.35, 0.7];

export class LevelAlert {
  constructor({ soundButton }) {
    this.alerts = 0;
    this.beeps = 0;
    this.audio = null;
    this.soundButton = soundButton;
    soundButton.addEventListener('click', () => this.enableSound());
  }

  /** Make the audio context; show the button if the browser holds sound back. */
  enableSound() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!this.audio) this.audio = new Context();
    const shown = () => {
      this.soundButton.hidden = this.audio.state === 'running';
    };
    this.audio.resume().then(shown, shown);
    shown();
  }

  /** The level (or break) changed: flash and beep. */
  fire() {
    this.alerts += 1;
    document.body.classList.remove('level-alert');
    void document.body.offsetWidth; // restart the animation
    document.body.classList.add('level-alert');
    window.setTimeout(() => document.body.classList.remove('level-alert'), FLASH_MS);
    this.beep();
  }

  beep() {
    if (!this.audio) this.enableSound();
    const audio = this.audio;
    if (!audio || audio.state !== 'running') return;
    for (const offset of BEEPS) {
      const start = audio.currentTime + offset;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.3, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.25);
    }
    this.beeps += 1;
  }
}
