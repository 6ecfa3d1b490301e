import type { EffectFaq, EffectInput, EffectText } from '@veo3/contracts/effects';
import type { EffectDraft } from '@veo3/contracts/effects';

/** A seed effect as the migration writes it: a draft without the console's reason, published. */
export type EffectSeed = Omit<EffectDraft, 'reason'>;

/** Every seed is made by the cheapest model that takes a first frame and reference images, short and small. */
const SETTINGS = { model: 'omni-1.2', aspect_ratio: '9:16', resolution: '360p', duration_s: 4 } as const;

const text = (en: string, zh: string): EffectText => ({ en, 'zh-CN': zh });

const photo = (key: 'photo_1' | 'photo_2', en: string, zh: string, required = true): EffectInput => ({
  key,
  kind: 'photo',
  label: text(en, zh),
  required,
});

const words = (key: 'text_1' | 'text_2', en: string, zh: string, max: number, required = true): EffectInput => ({
  key,
  kind: 'text',
  label: text(en, zh),
  required,
  max_length: max,
});

const faq = (q: EffectText, a: EffectText): EffectFaq => ({ question: q, answer: a });

/** The questions every effect answers the same way. */
const CREDITS_FAQ = (price: number) =>
  faq(
    text('How many credits does it cost?', '需要多少积分？'),
    text(
      `${price} credits per video, taken once when you tap Generate. If the video cannot be made, they are refunded.`,
      `每个视频 ${price} 积分，点击生成时扣除一次；视频未能生成时全额退还。`,
    ),
  );
const PHOTO_FAQ = faq(
  text('What photo works best?', '用什么样的照片效果最好？'),
  text(
    'A clear, well-lit photo with the face or subject in the middle. JPEG, PNG, GIF or WebP up to 10 MB.',
    '清晰、光线充足、人脸或主体居中的照片。支持 JPEG、PNG、GIF、WebP，最大 10 MB。',
  ),
);
const PEOPLE_FAQ = faq(
  text('Can I use photos of other people?', '可以使用别人的照片吗？'),
  text(
    'Only of adults who agreed to it. You confirm this before generating, and we record when you did.',
    '只能使用已同意的成年人的照片。生成前需要你确认，我们会记录确认时间。',
  ),
);

/** The first frame and, for two people, the second person as a reference image. */
const TWO_PEOPLE = [photo('photo_1', 'First person', '第一个人'), photo('photo_2', 'Second person', '第二个人')];
const ONE_PERSON = [photo('photo_1', 'Your photo', '你的照片')];

/** An effect from one photo of a person. */
function personEffect(
  seed: Pick<EffectSeed, 'slug' | 'category' | 'badge' | 'name' | 'description' | 'prompt_template' | 'price'>,
): EffectSeed {
  return {
    ...seed,
    inputs: ONE_PERSON,
    faq: [PHOTO_FAQ, PEOPLE_FAQ, CREDITS_FAQ(seed.price)],
    people: true,
    settings: SETTINGS,
  };
}

/**
 * The effects a new site starts with (migration 1764400500000), in their order; sample videos for
 * each are rendered by `npm run effects:samples` into services/assets/effects/<slug>.mp4.
 */
export const EFFECT_SEEDS: EffectSeed[] = [
  {
    slug: 'ai-french-kissing',
    category: 'interaction',
    badge: 'hot',
    name: text('AI French Kissing', 'AI 法式热吻'),
    description: text(
      'Two photos, one romantic kiss: upload a photo of each person and watch them lean in for a French kiss.',
      '两张照片，一个浪漫的吻：分别上传两个人的照片，看他们靠近并深情一吻。',
    ),
    inputs: TWO_PEOPLE,
    faq: [
      PEOPLE_FAQ,
      faq(
        text('Which photo goes first?', '哪张照片放在前面？'),
        text(
          'The first photo sets the scene; the second person joins them. Faces looking at the camera work best.',
          '第一张照片决定画面，第二个人随后加入。正面看镜头的照片效果最好。',
        ),
      ),
      CREDITS_FAQ(40),
    ],
    people: true,
    prompt_template:
      'The person in the first frame and the person from the reference image face each other, lean in slowly and share a tender French kiss, soft romantic light, gentle camera push-in, cinematic.',
    price: 40,
    settings: SETTINGS,
  },
  {
    slug: 'ai-hug',
    category: 'interaction',
    badge: 'new',
    name: text('AI Hug', 'AI 拥抱'),
    description: text(
      'Bring two people together in a warm hug, from one photo of each.',
      '用两张照片，让两个人温暖相拥。',
    ),
    inputs: TWO_PEOPLE,
    faq: [PEOPLE_FAQ, PHOTO_FAQ, CREDITS_FAQ(35)],
    people: true,
    prompt_template:
      'The person in the first frame turns, smiles and walks into a warm, long hug with the person from the reference image, both happy, soft daylight, handheld camera, heartfelt.',
    price: 35,
    settings: SETTINGS,
  },
  {
    slug: 'asmr-video',
    category: 'entertainment',
    badge: 'hot',
    name: text('ASMR Video', 'ASMR 视频'),
    description: text(
      'A close-up, satisfying ASMR clip of anything you name being sliced, tapped or crushed, with crisp sound.',
      '说出一样东西，生成它被切开、轻敲或压碎的特写 ASMR 短片，声音清脆解压。',
    ),
    inputs: [
      words('text_1', 'What is being cut or tapped', '被切开或轻敲的东西', 60),
      photo('photo_1', 'A photo of it (optional)', '它的照片（可选）', false),
    ],
    faq: [
      faq(
        text('What can I write?', '可以写什么？'),
        text(
          'Any object, in a few words: "a glass apple", "kinetic sand", "a honeycomb".',
          '任意物品，几个字即可：“玻璃苹果”、“动力沙”、“蜂巢”。',
        ),
      ),
      faq(
        text('Do I need a photo?', '必须上传照片吗？'),
        text(
          'No. With a photo, the clip starts from it; without one, the object is imagined from your words.',
          '不需要。有照片时从照片开始；没有照片时根据文字生成。',
        ),
      ),
      CREDITS_FAQ(20),
    ],
    people: false,
    prompt_template:
      'Extreme close-up ASMR video: a sharp knife slowly slicing and fingers gently tapping {{text_1}} on a wooden board, satisfying texture, crisp detailed sounds, shallow depth of field, studio light.',
    price: 20,
    settings: SETTINGS,
  },
  personEffect({
    slug: 'ai-dance',
    category: 'entertainment',
    badge: null,
    name: text('AI Dance', 'AI 跳舞'),
    description: text('Your photo comes alive and dances to an upbeat rhythm.', '让照片里的人随着欢快的节奏跳起舞来。'),
    prompt_template:
      'The person in the first frame starts dancing energetically to an upbeat pop song, smooth moves, full body, colourful club lights, dynamic camera.',
    price: 30,
  }),
  personEffect({
    slug: 'old-self',
    category: 'appearance',
    badge: null,
    name: text('Old Self', '变老'),
    description: text('See yourself grow old gracefully, in seconds.', '几秒钟看见自己优雅地老去。'),
    prompt_template:
      'The person in the first frame ages gradually and naturally into their eighties: grey hair, gentle wrinkles, same expression, warm light, smooth time-lapse transformation.',
    price: 30,
  }),
  {
    slug: 'anime-style',
    category: 'appearance',
    badge: 'new',
    name: text('Anime Style', '动漫风格'),
    description: text(
      'Turn a photo into a moving anime scene, hand-drawn look included.',
      '把照片变成会动的动漫场景，带手绘质感。',
    ),
    inputs: [photo('photo_1', 'Your photo', '你的照片')],
    faq: [PHOTO_FAQ, CREDITS_FAQ(25)],
    people: false,
    prompt_template:
      'The scene in the first frame transforms into a hand-drawn Japanese anime style, cel shading, vibrant colours, gentle wind moving hair and leaves, cinematic anime shot.',
    price: 25,
    settings: SETTINGS,
  },
  personEffect({
    slug: 'ai-cry',
    category: 'emotions',
    badge: null,
    name: text('AI Cry', 'AI 哭泣'),
    description: text('A moving, tearful moment from a single photo.', '一张照片，生成动人的落泪瞬间。'),
    prompt_template:
      'The person in the first frame slowly becomes emotional, eyes welling up, a single tear rolls down the cheek, soft window light, close-up, cinematic drama.',
    price: 25,
  }),
  personEffect({
    slug: 'ai-laugh',
    category: 'emotions',
    badge: null,
    name: text('AI Laugh', 'AI 大笑'),
    description: text('Make anyone burst out laughing.', '让照片里的人开怀大笑。'),
    prompt_template:
      'The person in the first frame bursts into genuine, joyful laughter, shoulders shaking, eyes crinkling, bright natural light, close-up.',
    price: 25,
  }),
  personEffect({
    slug: 'muscle-up',
    category: 'hero_villain',
    badge: 'hot',
    name: text('Muscle Up', '秒变肌肉'),
    description: text('Flex: watch the muscles grow from one photo.', '一张照片，看肌肉瞬间膨胀。'),
    prompt_template:
      'The person in the first frame flexes and their body transforms into a huge muscular bodybuilder physique, veins and definition, gym lighting, dramatic low angle.',
    price: 35,
  }),
  {
    slug: 'superhero',
    category: 'hero_villain',
    badge: null,
    name: text('Superhero', '超级英雄'),
    description: text(
      'Suit up: a photo becomes a superhero landing, with the hero name you choose.',
      '换上战衣：照片变身超级英雄落地，英雄名由你定。',
    ),
    inputs: [...ONE_PERSON, words('text_1', 'Hero name (optional)', '英雄名（可选）', 30, false)],
    faq: [PHOTO_FAQ, PEOPLE_FAQ, CREDITS_FAQ(45)],
    people: true,
    prompt_template:
      'The person in the first frame transforms into a superhero {{text_1}} in a sleek armoured suit with a flowing cape, lands in a city street, sparks and dust, epic slow motion.',
    price: 45,
    settings: SETTINGS,
  },
  personEffect({
    slug: 'zombie',
    category: 'horror_fantasy',
    badge: null,
    name: text('Zombie', '僵尸'),
    description: text('A spooky zombie transformation, from one photo.', '一张照片，生成诡异的僵尸变身。'),
    prompt_template:
      'The person in the first frame slowly turns into a zombie: pale grey skin, cracked veins, clouded eyes, foggy night, flickering light, horror film look.',
    price: 30,
  }),
  {
    slug: 'xmas-wish',
    category: 'xmas',
    badge: 'new',
    name: text('Xmas Wish', '圣诞祝福'),
    description: text(
      'A snowy Christmas card that writes your wish to someone by name.',
      '一张飘雪的圣诞贺卡，写下给某个人的祝福。',
    ),
    inputs: [
      words('text_1', 'Who is it for', '送给谁', 30),
      photo('photo_1', 'A photo (optional)', '一张照片（可选）', false),
    ],
    faq: [
      faq(
        text('What name can I write?', '可以写什么名字？'),
        text('Any name or nickname up to 30 characters.', '任意名字或昵称，最多 30 个字符。'),
      ),
      PEOPLE_FAQ,
      CREDITS_FAQ(20),
    ],
    people: true,
    prompt_template:
      'A cosy Christmas scene with falling snow, a glowing tree and golden lights; sparkling letters write "Merry Christmas, {{text_1}}" in the air, festive and warm.',
    price: 20,
    settings: SETTINGS,
  },
  personEffect({
    slug: 'santa-hug',
    category: 'xmas',
    badge: null,
    name: text('Santa Hug', '圣诞老人拥抱'),
    description: text('Santa Claus drops by for a big hug.', '圣诞老人来给你一个大大的拥抱。'),
    prompt_template:
      'Santa Claus walks in and gives the person in the first frame a big warm hug, both laughing, snowy living room, fireplace and Christmas lights.',
    price: 30,
  }),
  {
    slug: 'squish',
    category: 'others',
    badge: 'hot',
    name: text('Squish It', '捏一捏'),
    description: text(
      'A hand squishes anything in your photo like soft dough.',
      '一只手把照片里的东西像软面团一样捏扁。',
    ),
    inputs: [photo('photo_1', 'Your photo', '你的照片')],
    faq: [PHOTO_FAQ, CREDITS_FAQ(25)],
    people: false,
    prompt_template:
      'A hand reaches in and squishes the main subject of the first frame like soft squishy dough, it squashes and slowly bounces back, playful, satisfying, studio light.',
    price: 25,
    settings: SETTINGS,
  },
  {
    slug: 'inflate',
    category: 'others',
    badge: null,
    name: text('Inflate It', '充气膨胀'),
    description: text(
      'Whatever is in your photo puffs up like a balloon and floats away.',
      '照片里的东西像气球一样鼓起来并飘走。',
    ),
    inputs: [photo('photo_1', 'Your photo', '你的照片')],
    faq: [PHOTO_FAQ, CREDITS_FAQ(25)],
    people: false,
    prompt_template:
      'The main subject of the first frame inflates like a balloon, growing round and shiny, then lifts off and floats up into the sky, whimsical, bright daylight.',
    price: 25,
    settings: SETTINGS,
  },
];
