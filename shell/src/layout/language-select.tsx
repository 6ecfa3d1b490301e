import { LANGUAGES, setLanguage, useLanguage, useT, type Language } from '@veo3/platform/i18n/i18n';
import { shellMessages } from '../shell.messages';

export function LanguageSelect() {
  const t = useT(shellMessages);
  const lang = useLanguage();
  return (
    <select
      className="shell-lang"
      aria-label={t('language')}
      value={lang}
      onChange={(e) => setLanguage(e.target.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
