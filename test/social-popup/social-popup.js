// A TEST DOUBLE of the social callback page: posts the result its query names to its opener (or,
// inside an iframe, to its parent), with '*' as the target so the host's own origin check is what
// a test exercises. ?result=ok | fail | malformed | none; &message= adds the failure's words;
// &close=1 closes the window right after posting.
const query = new URLSearchParams(location.search);
const result = query.get('result') ?? 'none';
const target = window.opener ?? (window.parent !== window ? window.parent : null);
const messages = {
  ok: { w3kit: 'social-result', ok: true, completion: 'completion-value-from-the-callback-0001' },
  fail: { w3kit: 'social-result', ok: false, ...(query.get('message') ? { message: query.get('message') } : {}) },
  malformed: { w3kit: 'social-result', ok: 'yes' },
};
if (target && messages[result]) target.postMessage(messages[result], '*');
// &close=1: closes right after posting, as the real callback page does.
if (query.get('close') === '1') window.close();
