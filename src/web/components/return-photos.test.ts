import { describe, expect, it } from 'vitest';
import { RETURN_PHOTO_MESSAGES } from '../../contract/returns';
import { checkPicked } from './return-photos';

const photo = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

describe('photos picked for a return, checked in the browser with the server’s words', () => {
  it('keeps photos, leaves out what is not one, too large or past the sixth, naming each file', () => {
    const { ok, problems } = checkPicked(
      [photo('a.jpg', 100), photo('notes.txt', 100, 'text/plain'), photo('huge.png', 11 * 1024 * 1024, 'image/png'), photo('IMG_1.HEIC', 100, ''), photo('b.webp', 100, 'image/webp')],
      4,
    );
    expect(ok.map((f) => f.name)).toEqual(['a.jpg', 'IMG_1.HEIC']);
    expect(problems).toEqual([
      `notes.txt: ${RETURN_PHOTO_MESSAGES.notAnImage}`,
      `huge.png: ${RETURN_PHOTO_MESSAGES.tooLarge}`,
      'b.webp: A return can have at most 6 photos.',
    ]);
  });
});
