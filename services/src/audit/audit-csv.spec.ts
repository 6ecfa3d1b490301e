import { auditCsvLine, AUDIT_CSV_HEADER, csvCell } from './audit-csv';

describe('the audit log as CSV', () => {
  it.each([
    ['plain', '"plain"'],
    ['', '""'],
    ['a, b', '"a, b"'],
    ['ok;=1+1', '"ok;=1+1"'],
    ['ok\t=1+1', '"ok\t=1+1"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['a=b', '"a=b"'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves a missing value empty, quotes every cell, and ends each line with CRLF', () => {
    expect(csvCell(null)).toBe('""');
    expect(AUDIT_CSV_HEADER).toBe(
      '"id","created_at","actor_type","actor_id","actor_email","action","target_type","target_id","before","after","reason","request_id"\r\n',
    );
    const line = auditCsvLine({
      id: 'a1',
      created_at: '2026-01-02T03:04:05.000Z',
      actor_type: 'stripe',
      actor_id: null,
      actor_email: null,
      action: 'payment.refund',
      target_type: 'payment',
      target_id: 'cs_1',
      before: { refunded_cents: 0 },
      after: { refunded_cents: 500 },
      reason: 'Stripe: charge.refunded',
      request_id: null,
    });
    expect(line).toBe(
      '"a1","2026-01-02T03:04:05.000Z","stripe","","","payment.refund","payment","cs_1","{""refunded_cents"":0}","{""refunded_cents"":500}","Stripe: charge.refunded",""\r\n',
    );
  });

  it('cleans a stored reason of control and bidirectional characters', () => {
    const line = auditCsvLine({
      id: 'a2',
      created_at: '2026-01-02T03:04:05.000Z',
      actor_type: 'admin',
      actor_id: 'u1',
      actor_email: 'admin@example.com',
      action: 'credits.adjust',
      target_type: 'user',
      target_id: 'u2',
      before: null,
      after: null,
      reason: 'refund \u202Egnp.exe\u202C for\u0007 ticket\u200B 7',
      request_id: 'req-1',
    });
    expect(line).toContain(',"refund gnp.exe for ticket 7",');
  });
});
