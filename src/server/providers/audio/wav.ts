import { pcm16FromBytes, type PcmAudio } from './pcm.ts';

const HEADER_BYTES = 44;

/** A canonical 44-byte-header RIFF/WAVE file of mono PCM16 (what transcription servers accept). */
export function encodeWav(audio: PcmAudio): Buffer {
  const dataBytes = audio.samples.length * 2;
  const wav = Buffer.alloc(HEADER_BYTES + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(audio.sampleRate, 24);
  wav.writeUInt32LE(audio.sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let index = 0; index < audio.samples.length; index++) {
    wav.writeInt16LE(audio.samples[index] ?? 0, HEADER_BYTES + index * 2);
  }
  return wav;
}

/**
 * Reads a PCM16 WAVE file, walking its chunks (writers add LIST and other chunks before `data`).
 * Multi-channel audio keeps the first channel. Anything else throws.
 */
export function decodeWav(wav: Uint8Array): PcmAudio {
  const bytes = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAVE file');
  }
  let offset = 12;
  let channels = 0;
  let sampleRate = 0;
  let bitsPerSample = 0;
  let format = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const declared = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    // Streaming writers leave the size at 0 or 0xFFFFFFFF: the chunk then runs to the end.
    const size = declared === 0 || declared === 0xffffffff || body + declared > bytes.length ? bytes.length - body : declared;
    if (id === 'fmt ') {
      format = bytes.readUInt16LE(body);
      channels = bytes.readUInt16LE(body + 2);
      sampleRate = bytes.readUInt32LE(body + 4);
      bitsPerSample = bytes.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if ((format !== 1 && format !== 0xfffe) || bitsPerSample !== 16 || channels < 1 || sampleRate <= 0) {
        throw new Error('only PCM16 WAVE files are supported');
      }
      const interleaved = pcm16FromBytes(bytes.subarray(body, body + size));
      if (channels === 1) return { samples: interleaved, sampleRate };
      const frames = Math.floor(interleaved.length / channels);
      const mono = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame++) mono[frame] = interleaved[frame * channels] ?? 0;
      return { samples: mono, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAVE file has no data chunk');
}
