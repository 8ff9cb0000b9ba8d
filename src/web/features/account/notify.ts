import { notify as toast } from '../../components/notify';

/** A toast whose close button has a name (axe: button-name). */
export function notify(ok: boolean, message: string): void {
  toast(ok ? 'green' : 'red', message);
}
