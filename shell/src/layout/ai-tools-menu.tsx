import { Link, useLocation } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { shellMessages } from '../shell.messages';
import { useDropdown } from './use-dropdown';

type ShellMessageKey = keyof (typeof shellMessages)['en'];

/** The generator's two modes, then the landing pages (which nothing else in the header links to). */
const AI_TOOLS: readonly { to: string; title: ShellMessageKey; hint: ShellMessageKey }[] = [
  { to: '/text-to-veo3-video?type=text', title: 'textToVideo', hint: 'textToVideoHint' },
  { to: '/text-to-veo3-video?type=image', title: 'imageToVideo', hint: 'imageToVideoHint' },
  { to: '/video-effects', title: 'videoEffects', hint: 'videoEffectsHint' },
  { to: '/ai-french-kissing', title: 'frenchKissing', hint: 'frenchKissingHint' },
  { to: '/asmr-video', title: 'asmrVideo', hint: 'asmrVideoHint' },
];

export function AiToolsMenu() {
  const t = useT(shellMessages);
  const { open, close, toggle, rootRef, toggleRef, popupRef, menuId } = useDropdown();
  const { pathname } = useLocation();
  const active = AI_TOOLS.some((tool) => tool.to.split('?')[0] === pathname);
  return (
    <div className="shell-dropdown" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className={`shell-nav__link${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        {t('navAiTools')} <span aria-hidden="true">▾</span>
      </button>
      {/* Always in the page's HTML, so a crawler without JavaScript finds the links; `hidden` keeps
          them out of view, of the Tab order and of the accessibility tree until the menu opens. */}
      <div id={menuId} ref={popupRef} className="shell-dropdown__menu" hidden={!open}>
        {AI_TOOLS.map((tool) => (
          <Link key={tool.to} to={tool.to} className="shell-dropdown__item" onClick={close}>
            <strong>{t(tool.title)}</strong>
            <span>{t(tool.hint)}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
