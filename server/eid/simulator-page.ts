import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../errors';
import { cspHash, renderView } from '../html';
import { CARD_NUMBER_PATTERN, SIMULATOR_ANSWERS, type EidSimulator, type PhoneView } from './simulator';

/*
 * /dev/eid/{mobileToken}: the simulator's "phone", which the QR code of the verify screen opens
 * (embedded development mode only, config.devRoutes; never in production). It shows what a real
 * ID app shows before the PIN (the portal, the person, the transaction code) and answers like the
 * card would. Outside /api: no token and no anti-forgery cookie; the unguessable mobile token in the
 * address is the credential, and a post from another site (Origin) is refused as on /dev/mail.
 */

const STYLE = `
body{margin:0;padding:16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2b3a;background:#f4f6fa}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:20px}
.brand{font-size:22px;font-weight:bold;margin:0 0 12px}.brand span{color:#f5a623}
h1{font-size:20px;margin:0 0 12px}
.code{font-size:28px;letter-spacing:4px;font-family:ui-monospace,Menlo,Consolas,monospace}
.hint{font-size:13px;color:#5b6b7c}
label{display:block;font-weight:600;margin:16px 0 4px}
input{box-sizing:border-box;width:100%;font-size:18px;padding:8px;font-family:ui-monospace,Menlo,Consolas,monospace}
.error{color:#b00020;font-weight:600}
.answers{display:grid;gap:8px;margin-top:16px}
button{font-size:16px;padding:12px;border-radius:8px;border:1px solid #1d4f91;background:#fff;color:#1d4f91;text-align:left}
button.primary{background:#1d4f91;color:#fff}
`;

/** Only this page's own style block, no inline script, no framing, forms to this origin only. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${cspHash(STYLE)}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** The answers that present card data use the card field; the others ignore it. */
const USES_CARD = new Set(['match', 'otherBirthDate', 'otherName']);

/** The templates are server/views/eid/; the style is printed from the constant the CSP hashes. */
function phonePage(mobileToken: string, view: PhoneView, card: string, error?: string): string {
  const { name, transactionCode } = view;
  return renderView('eid/phone', {
    style: STYLE,
    mobileToken,
    name,
    transactionCode,
    card,
    error,
    answers: SIMULATOR_ANSWERS,
  });
}

function invalidPage(): string {
  return renderView('eid/invalid', { style: STYLE });
}

function sentPage(label: string): string {
  return renderView('eid/sent', { style: STYLE, label });
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The address holds the mobile token: it must not travel to another site in a Referer. Not
      // 'no-referrer': with it the browser posts the page's own form with `Origin: null`, which
      // the origin check below refuses.
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(html)
  );
}

const answerForm = z.object({
  answer: z.enum(Object.keys(SIMULATOR_ANSWERS) as [keyof typeof SIMULATOR_ANSWERS]),
  card: z.string().optional(),
});

const CARD_ERROR = 'Die Ausweisnummer besteht aus 1 bis 40 Buchstaben (A–Z) und Ziffern.';
const ANSWER_ERROR = 'Bitte wählen Sie eine der Antworten.';

/** A form of this page only: a post whose Origin is another site is refused. */
function fromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  // The phone may reach the portal under another name than PUBLIC_URL (a LAN address).
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export function registerSimulatorPage(app: FastifyInstance, simulator: EidSimulator): void {
  const hide = { schema: { hide: true } };
  const publicOrigin = new URL(app.config.publicUrl).origin;

  app.get<{ Params: { mobileToken: string } }>('/dev/eid/:mobileToken', hide, async (request, reply) => {
    const view = simulator.phoneView(request.params.mobileToken);
    if (!view) return sendPage(reply, 404, invalidPage());
    return sendPage(reply, 200, phonePage(request.params.mobileToken, view, view.cardNumber));
  });

  app.post<{ Params: { mobileToken: string } }>('/dev/eid/:mobileToken', hide, async (request, reply) => {
    if (!fromThisSite(request, publicOrigin)) throw forbidden();
    const { mobileToken } = request.params;
    const view = simulator.phoneView(mobileToken);
    if (!view) return sendPage(reply, 404, invalidPage());
    const form = answerForm.safeParse(request.body ?? {});
    if (!form.success) return sendPage(reply, 400, phonePage(mobileToken, view, view.cardNumber, ANSWER_ERROR));
    const card = (form.data.card ?? '').trim().toUpperCase();
    if (USES_CARD.has(form.data.answer) && !CARD_NUMBER_PATTERN.test(card)) {
      return sendPage(reply, 400, phonePage(mobileToken, view, (form.data.card ?? '').slice(0, 100), CARD_ERROR));
    }
    if (!simulator.answer(mobileToken, form.data.answer, card)) return sendPage(reply, 404, invalidPage());
    return sendPage(reply, 200, sentPage(SIMULATOR_ANSWERS[form.data.answer]));
  });
}
