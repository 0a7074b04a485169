// @ts-nocheck: an AudioWorklet scope, which TypeScript's DOM library does not describe.
/** Hands every block of microphone samples to the page (web/page/listen.ts records them). */
class Capture extends AudioWorkletProcessor {
  process(inputs) {
    const samples = inputs[0]?.[0];
    if (samples) this.port.postMessage(samples.slice(0));
    return true;
  }
}
registerProcessor("capture", Capture);
