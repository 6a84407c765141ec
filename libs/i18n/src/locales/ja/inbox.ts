// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: '入金が反映されました', body: '入金 {{orderNo}}（{{amount}}）が反映されました。' },
  depositRejected: { title: '入金は反映されませんでした', body: '入金 {{orderNo}}（{{amount}}）は反映されませんでした：{{reason}}' },
  withdrawalPaid: { title: '出金が完了しました', body: '出金 {{orderNo}}（{{amount}}）の支払いが完了しました。' },
  withdrawalRejected: { title: '出金が返金されました', body: '出金 {{orderNo}}（{{amount}}）は却下され、残高に戻りました：{{reason}}' },
  withdrawalAccountBound: { title: '出金口座を登録しました', body: '出金口座 {{masked}} を登録しました。' },
  withdrawalAccountChanged: { title: '出金口座が変更されました', body: '出金口座が {{masked}} に変更されました。{{holdUntil}} まで出金は停止されます。心当たりがない場合は、パスワードを変更しサポートにご連絡ください。' },
  newLogin: { title: '新しい端末からのログイン', body: '{{at}} に新しい端末 {{device}}（IP {{ip}}）からログインがありました。心当たりがない場合は、すぐにログインパスワードを変更し、設定で他の端末をログアウトしてください。' },
  passwordReset: { title: 'ログインパスワードを再設定しました', body: '{{at}} にメールのリンクからログインパスワードが再設定され、すべての端末からログアウトしました。心当たりがない場合は、すぐにサポートにご連絡ください。' },
  totpEnabled: { title: '2段階認証をオンにしました', body: '{{at}} にアカウントの2段階認証がオンになりました。今後、ログイン、出金、出金口座の変更には認証アプリのコードが必要です。心当たりがない場合は、すぐにサポートへご連絡ください。' },
  totpDisabled: { title: '2段階認証をオフにしました', body: '{{at}} にアカウントの2段階認証がオフになりました。心当たりがない場合は、すぐにログインパスワードを変更し、サポートへご連絡ください。' },
  kycApproved: { title: '本人確認が完了しました', body: '本人確認が完了しました。出金できるようになりました。' },
  kycRejected: { title: '本人確認が承認されませんでした', body: '本人確認は承認されませんでした：{{reason}}。{{message}} もう一度提出してください。' },
  kycRejectedFinal: { title: '本人確認は終了しました', body: '本人確認は承認されませんでした：{{reason}}。{{message}} サポートにご連絡ください。' },
  kycReasons: { unreadable: '写真が読み取れません', mismatch: '入力内容が書類と一致しません', expired: '書類の有効期限が切れています', not_an_id: '身分証明書ではありません', incomplete: '書類の片面または項目が不足しています', duplicate: 'この番号は別のアカウントで確認済みです', other: '下記のメッセージをご覧ください' },
  supportReplied: { title: 'カスタマーサービスから返信があります', body: 'カスタマーサービスがメッセージに返信しました。「オンラインサポート」で確認してください。' },
  priceAlert: { title: '価格アラート：{{name}}', body: '{{name}}（{{symbol}}）が{{side}}：{{level}}。{{at}} の価格は {{price}} でした。このアラートは完了しました。必要なら商品ページで新しく設定してください。' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: '設定した価格まで上昇しました', below: '設定した価格まで下落しました' },
  limitRaisePending: { title: '上限の変更は待機中です', body: '{{limit}}の上限を引き上げまたは解除しました（新しい値：{{value}}）。変更は {{effectiveAt}}（UTC）に適用され、それまでは現在の上限が有効です。' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: '1日の入金', depositWeek: '1週間の入金', depositMonth: '1か月の入金', lossDay: '1日の損失', lossWeek: '1週間の損失', lossMonth: '1か月の損失', stakePerOrder: '1注文の金額', reminderMinutes: 'セッションのリマインダー' },
  limitNone: '上限なし',
};
