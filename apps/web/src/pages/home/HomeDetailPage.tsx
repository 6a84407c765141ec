import { ArticlePage } from '../../features/content/ArticleScreen';

/** `/pages/index/detail?id=`: the article a home banner or highlight opens. */
export default function HomeDetailPage() {
  return <ArticlePage home />;
}
