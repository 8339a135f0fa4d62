import { useRuntime } from '../authProvider/runtime';
import { fillIn, shellText } from '../i18n/shellText';
import { PublicLayout } from '../layout/PublicLayout';
import { usePageTitle } from '../layout/usePageTitle';
import './imprint.css';

export { IMPRINT_PATH } from '../domain/routes';

const texts = shellText.imprint;

/**
 * Public imprint (spec section 1): names the brand owner from config.json and the brand relation.
 * Plain React and CSS, like the landing page it is linked from.
 */
export function Imprint() {
  const { brandOwner } = useRuntime().config;
  usePageTitle(texts.title);
  const rows: Array<[string, string]> = [
    [texts.address, `${brandOwner.name}, ${brandOwner.address}`],
    [texts.register, brandOwner.register],
    [texts.vatId, brandOwner.vatId],
    [texts.contact, brandOwner.contact],
  ];
  return (
    <PublicLayout>
      <div className="lumio-imprint">
        <h1 className="lumio-imprint__title">{texts.title}</h1>
        <p className="lumio-imprint__statement">{fillIn(texts.brandStatement, { name: brandOwner.name })}</p>
        <dl className="lumio-imprint__facts">
          {rows.map(([label, value]) => (
            <div key={label} className="lumio-imprint__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </PublicLayout>
  );
}
