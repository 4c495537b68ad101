/**
 * Vietnamese wording of the fixed safety replies. 988, 911, the trafficking hotline, Childhelp and
 * Poison Control have interpreters, so the reply says how to ask for one.
 */
import type { ReplyWords } from './reply-words.ts';

export const vietnameseReplies: ReplyWords = {
  lead: {
    suicide:
      'Cảm ơn bạn đã nói với mình. Cảm xúc của bạn rất quan trọng, và bạn không phải đối mặt một mình. Hãy tìm sự giúp đỡ ngay bây giờ: gọi hoặc nhắn tin đến 988 để nói chuyện với tư vấn viên, bất cứ lúc nào, ngày hay đêm.',
    'self-harm':
      'Cảm ơn bạn đã nói với mình. Bạn xứng đáng được chăm sóc, không phải chịu thêm đau đớn. Nếu bạn bị thương nặng hoặc máu không ngừng chảy, hãy gọi 911. Để nói chuyện với ai đó ngay, hãy gọi hoặc nhắn tin đến 988, bất cứ lúc nào.',
    'others-self-harm':
      'Thật tốt khi bạn quan tâm đến người ấy. Nếu họ đang gặp nguy hiểm ngay lúc này, hãy gọi 911. Bạn cũng có thể gọi 988 thay cho người khác: tư vấn viên sẽ giúp bạn biết nên nói gì và làm gì. Nếu có thể, hãy ở bên họ và hỏi thẳng xem họ có đang nghĩ đến việc tự tử không.',
    'harm-to-others':
      'Có vẻ bạn đang mang rất nhiều đau đớn và tức giận. Nếu có ai đang gặp nguy hiểm, hãy gọi 911. Bạn cũng có thể gọi hoặc nhắn tin đến 988 bất cứ lúc nào: họ giúp trong mọi khủng hoảng, kể cả ý nghĩ muốn làm hại người khác.',
    threat: 'Sự an toàn của bạn là trên hết. Nếu bạn đang gặp nguy hiểm ngay lúc này, hãy gọi 911. Nếu có thể, hãy đến nơi có người khác.',
    'domestic-violence':
      'Cảm ơn bạn đã nói với mình. Chuyện đang xảy ra không phải lỗi của bạn, và bạn xứng đáng được an toàn. Đường dây nóng Quốc gia về Bạo lực Gia đình miễn phí, bảo mật, mở 24/7: gọi 1-800-799-7233.',
    'sexual-assault':
      'Mình rất tiếc vì chuyện này đã xảy ra. Đó không phải lỗi của bạn. Đường dây nóng Quốc gia về Tấn công Tình dục (RAINN) miễn phí, bảo mật, mở 24/7: gọi 1-800-656-4673. Nếu bạn bị thương hoặc đang gặp nguy hiểm, hãy gọi 911. Bệnh viện có thể chăm sóc bạn và thu giữ bằng chứng nếu bạn muốn.',
    trafficking:
      'Điều bạn kể là không đúng, và đó không phải lỗi của bạn. Đường dây nóng Quốc gia về Buôn người miễn phí, bảo mật, mở 24/7, có nhiều ngôn ngữ: gọi 1-888-373-7888 hoặc nhắn tin 233733. Nếu bạn đang gặp nguy hiểm, hãy gọi 911.',
    'child-abuse':
      'Cảm ơn bạn đã nói với mình. Không đứa trẻ nào đáng bị làm hại. Đường dây nóng Childhelp mở 24/7: gọi hoặc nhắn tin 1-800-422-4453. Nếu có trẻ đang gặp nguy hiểm ngay lúc này, hãy gọi 911.',
    overdose:
      'Hãy gọi 911 ngay bây giờ: đây có thể là quá liều. Trong lúc chờ: nếu có naloxone (Narcan), hãy dùng; ở bên người đó; nếu họ còn thở, đặt họ nằm nghiêng; làm theo hướng dẫn của tổng đài viên. Trung tâm Chống độc cũng có thể giúp: 1-800-222-1222.',
    medical:
      'Hãy gọi 911 ngay bây giờ. Đây có vẻ là cấp cứu y tế, và họ có thể gửi người đến nhanh. Trong lúc chờ, hãy ở bên người đó, đừng cho họ ăn uống gì, và làm theo hướng dẫn của tổng đài viên.',
    disaster:
      'Hãy ra ngoài ngay và gọi 911 từ nơi an toàn. Đừng quay lại lấy bất cứ thứ gì. Nếu ngửi thấy mùi gas, đừng bật hay tắt đèn. Nếu nước dâng lên, hãy lên chỗ cao.',
  },
  leadNow: {
    'domestic-violence':
      'Sự an toàn của bạn là trên hết: nếu người làm hại bạn đang ở đó hoặc bạn đang gặp nguy hiểm, hãy gọi 911. Đó không phải lỗi của bạn. Khi có thể, hãy gọi Đường dây nóng Quốc gia về Bạo lực Gia đình: 1-800-799-7233.',
  },
  alsoSuicide: 'Bạn cũng có thể gọi hoặc nhắn tin đến 988, bất cứ lúc nào.',
  urgentSelf: 'Nếu bạn đã tự làm hại mình hoặc đã uống thứ gì đó, hãy gọi 911 ngay.',
  interpretation: '988 và 911 có thông dịch viên miễn phí: chỉ cần nói "Vietnamese".',
  closing: 'Mình là AI, không phải tư vấn viên, nhưng mình ở đây với bạn và chúng ta có thể tiếp tục nói chuyện.',
  askSafe: 'Lúc này bạn có an toàn không?',
  askCall: 'Bạn có thể gọi 911 ngay không?',
  screening:
    'Cảm ơn bạn đã cho mình biết mọi thứ nặng nề thế nào. Mình hỏi thẳng điều này với mọi người, vì nó quan trọng: bạn có đang nghĩ đến việc tự tử, hay không muốn sống nữa không?',
  safetyCheck: 'Cảm ơn bạn đã nói với mình. Mình muốn hỏi, vì điều này quan trọng: lúc này bạn có an toàn không?',
  othersCheck: 'Cảm ơn bạn đã nói với mình. Mình muốn hỏi, vì điều này quan trọng: lúc này người mà bạn đang lo lắng có an toàn không?',
  screenedNo:
    'Cảm ơn bạn đã trả lời thật lòng. Mình mừng là bạn không có những suy nghĩ đó. Mình vẫn ở đây, và nếu điều đó thay đổi, bạn có thể gọi hoặc nhắn tin đến 988 bất cứ lúc nào.',
  aboutDanger:
    'Nếu có ích: 988 (gọi hoặc nhắn tin) miễn phí và mở 24/7, và bạn cũng có thể gọi thay cho người khác, để biết nên nói gì hay làm gì.',
};
