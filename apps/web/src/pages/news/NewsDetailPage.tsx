import { ArticlePage } from '../../features/content/ArticleScreen';

/** `/pages/information/detail?id=`: a news article, with the previous and next ones. */
export default function NewsDetailPage() {
  return <ArticlePage home={false} />;
}
