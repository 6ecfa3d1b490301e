import { keepBrandsWhole } from './keep-brands-whole';

describe('keepBrandsWhole', () => {
  it('joins the words of a brand name with non-breaking spaces and leaves the other spaces alone', () => {
    expect(keepBrandsWhole('Why Veo 3 Studio')).toBe('Why Veo\u00a03\u00a0Studio');
    expect(keepBrandsWhole('带真实音效的 Veo 3 AI 视频生成器')).toBe('带真实音效的 Veo\u00a03 AI 视频生成器');
    expect(keepBrandsWhole('Veo 3 and Veo 3 Studio')).toBe('Veo\u00a03 and Veo\u00a03\u00a0Studio');
    expect(keepBrandsWhole('Key Features')).toBe('Key Features');
  });
});
