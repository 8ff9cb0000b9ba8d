import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** The parts of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** True where the browser can read barcodes itself (Chrome on Android, ChromeOS, macOS). */
export const canScanBarcodes = (): boolean => typeof window !== 'undefined' && 'BarcodeDetector' in window;

/** The same code seen again within this time is the same package still in front of the camera. */
const REPEAT_MS = 2500;

/** The packages' barcodes: UPC and EAN. */
export const PACKAGE_FORMATS = ['upc_a', 'ean_13', 'upc_e', 'ean_8'];

/**
 * Reads UPC/EAN barcodes from the device camera with the browser's BarcodeDetector and calls
 * `onCode` once per package scanned; the buyer keeps scanning until they close the dialog.
 * Shared by the storefront's UPC lookup and the back office's pick screen (which shows the
 * camera inline, `CameraView`).
 */
export function BarcodeScanner({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!canScanBarcodes()) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Scan with camera
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Scan barcodes" size="lg" closeButtonProps={{ 'aria-label': 'Close scanner' }}>
        {open && <CameraView onCode={onCode} />}
      </Modal>
    </>
  );
}

/**
 * The camera's picture and what it read: `onCode` once per package held in front of it.
 * `hint`: the line under the picture before anything was read; `scanned`: after a code was read.
 */
export function CameraView({
  onCode,
  formats = PACKAGE_FORMATS,
  hint = 'Hold a barcode in front of the camera. Each package scanned adds a row.',
  scanned = (code: string) => `Scanned ${code}: added below.`,
  height,
}: {
  onCode: (code: string) => void;
  formats?: readonly string[];
  hint?: string;
  scanned?: (code: string) => string;
  /** A strip of the picture this high (the pick screen keeps its lines in view), not all of it. */
  height?: number;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState('');
  const [last, setLast] = useState('');
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const seen = new Map<string, number>();
    const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
    const detector = new Detector({ formats: [...formats] });

    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        for (const code of await detector.detect(video.current)) {
          const now = Date.now();
          if (now - (seen.get(code.rawValue) ?? 0) > REPEAT_MS) {
            report.current(code.rawValue);
            setLast(code.rawValue);
          }
          seen.set(code.rawValue, now);
        }
      } catch {
        // A frame that cannot be read yet (video still starting): try the next one.
      }
      timer = window.setTimeout(() => void scan(), 250);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void scan();
      })
      .catch(() => setError('The camera could not be opened. Allow camera access, or type the codes instead.'));

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    // The camera opens once per view; a change of formats does not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Stack>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : (
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000', ...(height ? { height, objectFit: 'cover' } : {}) }} aria-label="Camera view" />
      )}
      <Text size="sm" role="status" aria-live="polite">
        {last ? scanned(last) : hint}
      </Text>
    </Stack>
  );
}
