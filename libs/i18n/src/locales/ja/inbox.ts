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
  kycApproved: { title: '本人確認が完了しました', body: '本人確認が完了しました。出金できるようになりました。' },
  kycRejected: { title: '本人確認が承認されませんでした', body: '本人確認は承認されませんでした：{{reason}}。{{message}} もう一度提出してください。' },
  kycRejectedFinal: { title: '本人確認は終了しました', body: '本人確認は承認されませんでした：{{reason}}。{{message}} サポートにご連絡ください。' },
  kycReasons: { unreadable: '写真が読み取れません', mismatch: '入力内容が書類と一致しません', expired: '書類の有効期限が切れています', not_an_id: '身分証明書ではありません', incomplete: '書類の片面または項目が不足しています', duplicate: 'この番号は別のアカウントで確認済みです', other: '下記のメッセージをご覧ください' },
};
