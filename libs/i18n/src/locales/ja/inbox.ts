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
};
