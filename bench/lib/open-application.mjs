// One open company application on a running embedded server, made the way an applicant makes it:
// a document upload, the application, and the link of the confirmation mail (read from the
// embedded mail catcher). The review screen of a LumioAdmin needs one to show anything.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} base e.g. http://127.0.0.1:8112 @returns {Promise<string>} the application's id */
export async function createOpenApplication(base) {
  // Double-submit anti-forgery: any answer hands out the cookie that writes must echo.
  const first = await fetch(`${base}/config/config.json`);
  await first.arrayBuffer();
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie from /config/config.json');
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, accept: 'application/json' };
  const post = async (path, body, contentType, extra = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': contentType, ...extra },
      body,
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };

  const stamp = Date.now().toString(36);
  const email = `bench-${stamp}@studio-bench.example`;
  const document = await post('/api/document', PNG, 'application/octet-stream', {
    'x-filename': encodeURIComponent('Gewerbeanmeldung.png'),
  });
  await post(
    '/api/company-application',
    JSON.stringify({
      salutation: 'Frau',
      firstName: 'Berta',
      lastName: 'Bench',
      birthDate: '1984-03-17',
      email,
      companyName: `Fotostudio Bench ${stamp} GmbH`,
      legalForm: 'GmbH',
      address: 'Benchstraße 1, 50667 Köln',
      country: 'Deutschland',
      phoneNumber: '+4922112345678',
      phoneNumber2: '',
      website: '',
      memberId: '',
      documentIds: [document.id],
    }),
    'application/json',
  );

  // The mail leaves after the answer (outbox): poll the catcher.
  for (let attempt = 0; attempt < 200; attempt++) {
    const mails = await (await fetch(`${base}/dev/mail.json`)).json();
    const mail = mails.find((m) => m.to.toLowerCase().includes(email));
    const link = mail && /\/company-application\/([0-9a-f-]{36})\/confirm\?token=([\w-]+)/.exec(mail.text);
    if (link) {
      const confirmed = await fetch(`${base}/api/company-application/${link[1]}/confirm?token=${link[2]}`, {
        headers,
      });
      await confirmed.arrayBuffer();
      if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status}`);
      return link[1];
    }
    await sleep(100);
  }
  throw new Error(`no confirmation mail to ${email}`);
}
